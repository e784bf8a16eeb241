// The differences between GNOME Shell versions, in one place, found at run time (and the
// monitor look-up built on them): the rest of the extension calls these and never asks which
// version it runs on.
//   44: Meta.WaylandClient.new takes the context; laters move to global.compositor.
//   45: ES modules (the build makes the 43–44 variant; see ../README.md).
//   48: unredirection moves to global.compositor.
//   49: WaylandClient.new_subprocess replaces spawnv; windows hide themselves from the list.
import Meta from 'gi://Meta';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import * as Config from 'resource:///org/gnome/shell/misc/config.js';

/** The shell's major version (43, 44, …). */
export const shellMajor = parseInt(Config.PACKAGE_VERSION.split('.')[0], 10);

/** Runs `callback` once, before the next redraw. */
export function later(callback) {
    const run = () => {
        callback();
        return false;
    };
    if (global.compositor?.get_laters)
        return global.compositor.get_laters().add(Meta.LaterType.BEFORE_REDRAW, run);
    return Meta.later_add(Meta.LaterType.BEFORE_REDRAW, run);
}

/** Starts `argv` as a Wayland client the shell can recognise: {client, subprocess}. */
export function spawnClient(launcher, argv) {
    if (Meta.WaylandClient.new_subprocess) {
        const client = Meta.WaylandClient.new_subprocess(global.context, launcher, argv);
        return {client, subprocess: client.get_subprocess()};
    }
    const client = shellMajor >= 44
        ? Meta.WaylandClient.new(global.context, launcher)
        : Meta.WaylandClient.new(launcher);
    const subprocess = client.spawnv(global.display, argv);
    return {client, subprocess};
}

/** Keeps `window` out of the window list, Alt-Tab and the overview. */
export function hideFromWindowList(client, window) {
    if (window.hide_from_window_list)
        window.hide_from_window_list();
    else
        client.hide_from_window_list(window);
}

/** Whether fullscreen windows may bypass composition (direct scanout). */
export function setUnredirectAllowed(allowed) {
    const compositor = global.compositor;
    if (compositor?.disable_unredirect) {
        if (allowed)
            compositor.enable_unredirect();
        else
            compositor.disable_unredirect();
    } else if (allowed) {
        Meta.enable_unredirect_for_display(global.display);
    } else {
        Meta.disable_unredirect_for_display(global.display);
    }
}

/** The monitor manager (44 dropped Meta.MonitorManager.get). */
export function monitorManager() {
    return global.backend?.get_monitor_manager?.() ?? Meta.MonitorManager.get();
}

/** The stage rectangle of the monitor `connector` names, or null (none, or not known yet). */
export function monitorArea(connector) {
    const index = connector ? monitorManager().get_monitor_for_connector(connector) : -1;
    return index < 0 ? null : global.display.get_monitor_geometry(index);
}

/** Puts a system indicator and its toggles into Quick Settings. */
export function addQuickSettingsIndicator(indicator) {
    const quickSettings = Main.panel.statusArea.quickSettings;
    if (quickSettings.addExternalIndicator) {
        quickSettings.addExternalIndicator(indicator);
    } else {
        quickSettings._indicators.insert_child_at_index(indicator, 0);
        quickSettings._addItems(indicator.quickSettingsItems);
    }
}

/** A quick toggle's title property: `label` until 44 named it `title`. */
export const titleProperty = shellMajor >= 44 ? 'title' : 'label';
