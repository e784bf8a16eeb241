// A ring (a ripple, a cue's circle): an outline of u_width centred on u_radius.
precision mediump float;
varying vec2 v_local;
uniform float u_radius;
uniform float u_width;
uniform vec4 u_color;      // premultiplied

void main() {
    float d = abs(length(v_local) - u_radius) - u_width * 0.5;
    gl_FragColor = u_color * clamp(0.5 - d, 0.0, 1.0);
}
