// A ring (a ripple, a cue's circle): an outline of u_width centred on u_radius.
// highp where the GPU has it: mediump may be 16-bit floats (Mesa lowers it so), whose
// squares overflow past 255 px (a long line's length, the toolbar's panel).
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_local;
uniform float u_radius;
uniform float u_width;
uniform vec4 u_color;      // premultiplied

void main() {
    float d = abs(length(v_local) - u_radius) - u_width * 0.5;
    gl_FragColor = u_color * clamp(0.5 - d, 0.0, 1.0);
}
