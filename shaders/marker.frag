// A finger's marker in one signed-distance function: the shadow ring, the fill, the ring and
// the outline hugging the ring (black or white, whichever contrasts; none at width 0),
// composited back to front (premultiplied OVER) as the pixman renderer's sprite is, then
// faded by u_opacity. The fill is an ellipse (a contact shape); a round marker has equal
// axes. Discs and contact ellipses alone use it with the rings' colours at zero.
// highp where the GPU has it: mediump may be 16-bit floats (Mesa lowers it so), whose
// squares overflow past 255 px (a long line's length, the toolbar's panel).
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_local;
uniform vec2 u_axes;       // the fill's half-axes, device px
uniform float u_angle;     // the major axis' angle, radians
uniform float u_radius;    // the ring's radius; the shadow's is u_radius + u_width
uniform float u_width;     // the ring's and the shadow's width
uniform vec4 u_shadow;     // premultiplied colours, each at its part's opacity
uniform vec4 u_fill;
uniform vec4 u_ring;
uniform vec4 u_outline;
uniform float u_outlineWidth;
uniform float u_opacity;

// Coverage of a pixel whose centre is d from the edge (negative inside), as pixman's masks.
float coverage(float d) { return clamp(0.5 - d, 0.0, 1.0); }
vec4 over(vec4 src, vec4 dst) { return src + dst * (1.0 - src.a); }

void main() {
    float c = cos(u_angle), s = sin(u_angle);
    vec2 uv = vec2(v_local.x * c + v_local.y * s, -v_local.x * s + v_local.y * c);
    float fill = (length(uv / u_axes) - 1.0) * min(u_axes.x, u_axes.y);
    float distance = length(v_local);
    float shadow = abs(distance - u_radius - u_width) - u_width * 0.5;
    float ring = abs(distance - u_radius) - u_width * 0.5;
    float outline = abs(distance - u_radius - (u_width + u_outlineWidth) * 0.5) - u_outlineWidth * 0.5;
    vec4 color = u_shadow * coverage(shadow);
    color = over(u_fill * coverage(fill), color);
    color = over(u_ring * coverage(ring), color);
    color = over(u_outline * coverage(outline), color);
    gl_FragColor = color * u_opacity;
}
