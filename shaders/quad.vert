// One item's quad: its box in device pixels (origin top left) on a target of u_target pixels.
// Fragment shaders get the position relative to the item's centre and the texture coordinate
// across the box.
attribute vec2 a_corner;   // (0,0), (1,0), (0,1), (1,1)
uniform vec4 u_box;        // x, y, width, height
uniform vec2 u_target;     // the framebuffer's width and height
uniform vec2 u_origin;     // the item's centre
varying vec2 v_local;
varying vec2 v_texcoord;

void main() {
    vec2 p = u_box.xy + a_corner * u_box.zw;
    v_local = p - u_origin;
    v_texcoord = a_corner;
    vec2 clip = p / u_target * 2.0 - 1.0;
    gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
