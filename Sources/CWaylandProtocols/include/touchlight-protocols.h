// Hand-written: the entry point for Swift. The generated headers beside it come from
// scripts/generate-protocols; the functions below return the addresses of interface
// descriptions, which libwayland keeps in each proxy (Swift must not take them itself).
#pragma once
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "single-pixel-buffer-v1-client-protocol.h"
#include "xdg-output-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "tablet-unstable-v2-client-protocol.h"
#include "wlr-screencopy-unstable-v1-client-protocol.h"
#include "text-input-unstable-v3-client-protocol.h"
#include "ext-image-capture-source-v1-client-protocol.h"
#include "ext-image-copy-capture-v1-client-protocol.h"

const struct wl_interface *tl_wl_compositor_interface(void);
const struct wl_interface *tl_wl_shm_interface(void);
const struct wl_interface *tl_wl_subcompositor_interface(void);
const struct wl_interface *tl_wl_seat_interface(void);
const struct wl_interface *tl_wl_output_interface(void);
const struct wl_interface *tl_zwlr_layer_shell_v1_interface(void);
const struct wl_interface *tl_wp_viewporter_interface(void);
const struct wl_interface *tl_wp_fractional_scale_manager_v1_interface(void);
const struct wl_interface *tl_wp_single_pixel_buffer_manager_v1_interface(void);
const struct wl_interface *tl_zxdg_output_manager_v1_interface(void);
const struct wl_interface *tl_zwp_tablet_manager_v2_interface(void);
const struct wl_interface *tl_zwlr_screencopy_manager_v1_interface(void);
const struct wl_interface *tl_zwp_text_input_manager_v3_interface(void);
const struct wl_interface *tl_xdg_wm_base_interface(void);
const struct wl_interface *tl_ext_output_image_capture_source_manager_v1_interface(void);
const struct wl_interface *tl_ext_image_copy_capture_manager_v1_interface(void);
