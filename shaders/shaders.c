// Each shader file, embedded as text (see include/CShaders.h).
#include "CShaders.h"
#include <string.h>

static const char quad_vert[] = {
#embed "quad.vert"
    , 0};
static const char marker_frag[] = {
#embed "marker.frag"
    , 0};
static const char ripple_frag[] = {
#embed "ripple.frag"
    , 0};
static const char stroke_frag[] = {
#embed "stroke.frag"
    , 0};
static const char texture_frag[] = {
#embed "texture.frag"
    , 0};

static const struct {
    const char *name;
    const char *text;
} shaders[] = {
    {"quad.vert", quad_vert},       {"marker.frag", marker_frag}, {"ripple.frag", ripple_frag},
    {"stroke.frag", stroke_frag},   {"texture.frag", texture_frag},
};

const char *tl_shader_text(const char *name) {
    for (unsigned i = 0; i < sizeof shaders / sizeof shaders[0]; i++) {
        if (strcmp(shaders[i].name, name) == 0) return shaders[i].text;
    }
    return 0;
}
