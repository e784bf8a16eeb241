#define EGL_NO_X11 1
#define MESA_EGL_NO_X11_HEADERS 1
// EGL, OpenGL ES 2 and wl_egl_window: the GLES renderer's C libraries (libegl-dev,
// libgles-dev, libwayland-dev). Extension entry points are looked up at run time.
#include <wayland-egl.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
