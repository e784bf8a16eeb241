// A textured quad: whatever pixman rasterized (the ink), uploaded as it lies in memory.
// pixman's a8r8g8b8 is B, G, R, A bytes on little-endian machines: swizzled back here.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_texcoord;
uniform sampler2D u_texture;

void main() {
    gl_FragColor = texture2D(u_texture, v_texcoord).bgra;
}
