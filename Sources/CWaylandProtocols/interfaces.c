// Hand-written: addresses of interface descriptions, for Swift (see touchlight-protocols.h).
#include "touchlight-protocols.h"

const struct wl_interface *tl_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *tl_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *tl_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
const struct wl_interface *tl_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *tl_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *tl_zwlr_layer_shell_v1_interface(void) { return &zwlr_layer_shell_v1_interface; }
const struct wl_interface *tl_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *tl_wp_fractional_scale_manager_v1_interface(void) { return &wp_fractional_scale_manager_v1_interface; }
const struct wl_interface *tl_wp_single_pixel_buffer_manager_v1_interface(void) { return &wp_single_pixel_buffer_manager_v1_interface; }
const struct wl_interface *tl_zxdg_output_manager_v1_interface(void) { return &zxdg_output_manager_v1_interface; }
const struct wl_interface *tl_zwp_tablet_manager_v2_interface(void) { return &zwp_tablet_manager_v2_interface; }
const struct wl_interface *tl_zwlr_screencopy_manager_v1_interface(void) { return &zwlr_screencopy_manager_v1_interface; }
const struct wl_interface *tl_zwp_text_input_manager_v3_interface(void) { return &zwp_text_input_manager_v3_interface; }
const struct wl_interface *tl_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *tl_ext_output_image_capture_source_manager_v1_interface(void) { return &ext_output_image_capture_source_manager_v1_interface; }
const struct wl_interface *tl_ext_image_copy_capture_manager_v1_interface(void) { return &ext_image_copy_capture_manager_v1_interface; }
