// The GLES renderer's shaders, embedded in the binary when it is built (C23 #embed of the
// .vert and .frag files beside this folder), so an installed or copied program never looks
// for them on disk.
#pragma once

/// The text of the shader file `name` ("marker.frag"), NUL-terminated, or NULL when no shader
/// has that name.
const char *tl_shader_text(const char *name);
