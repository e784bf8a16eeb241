// A cue's stroke: a straight line with round caps (u_kind 0) from the centre to u_to, or an
// arc of a ring (u_kind 1) turning u_span radians from u_start; a span of 2π or more is a
// whole circle. Distances as the pixman renderer's DeviceShape computes them.
// highp where the GPU has it: mediump may be 16-bit floats (Mesa lowers it so), whose
// squares overflow past 255 px (a long line's length, the toolbar's panel).
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_local;
uniform int u_kind;
uniform float u_width;
uniform vec4 u_color;      // premultiplied
uniform vec2 u_to;         // line: the far end, relative to the centre
uniform float u_radius;    // arc
uniform float u_start;     // arc: the angle the span starts at (its smaller end)
uniform float u_span;      // arc: how far it turns, 0…2π
uniform vec4 u_ends;       // arc: its two end points, relative to the centre

const float TAU = 6.28318530718;

float lineDistance() {
    // Along the line in units of its longer axis, so no square grows large even in mediump.
    float unit = max(max(abs(u_to.x), abs(u_to.y)), 1.0);
    vec2 to = u_to / unit;
    float length2 = dot(to, to);
    float t = length2 == 0.0 ? 0.0 : clamp(dot(v_local / unit, to) / length2, 0.0, 1.0);
    return distance(v_local, u_to * t) - u_width * 0.5;
}

float arcDistance() {
    float ring = abs(length(v_local) - u_radius) - u_width * 0.5;
    if (ring >= 0.5 || u_span >= TAU) return ring;
    float along = mod(atan(v_local.y, v_local.x) - u_start, TAU);
    if (along <= u_span) return ring;
    return min(distance(v_local, u_ends.xy), distance(v_local, u_ends.zw)) - u_width * 0.5;
}

void main() {
    float d = u_kind == 0 ? lineDistance() : arcDistance();
    gl_FragColor = u_color * clamp(0.5 - d, 0.0, 1.0);
}
