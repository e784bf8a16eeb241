// Touchlight's windows as the overlay: only windows of the client the extension started
// (owns_window) are treated, each hidden from the window list, on every workspace, in
// global.top_window_group (above the top bar, notifications and fullscreen windows), covering
// the monitor its title names. They never keep the focus, but while Touchlight asks for the
// keyboard (a text box is open).
//
// make_above() is avoided: mutter 43 would then refuse the focus on map to every window the
// overlay covers. Instead the focus is watched, and given back in a later.
import Meta from 'gi://Meta';
import * as Compat from './compat.js';

/** Touchlight's windows are titled with this and the output (connector) they cover. */
const TITLE_PREFIX = 'touchlight-overlay:';

export class OverlayWindows {
    /** @param {function()} onMonitorsKnown - the connectors of the windows changed */
    constructor(onMonitorsKnown) {
        this._onMonitorsKnown = onMonitorsKnown;
        this._client = null;
        this._windows = new Map();   // Meta.Window → {connector, signals}
        this._connectors = new Set();
        this._keyboardFor = null;    // the connector whose window may keep the focus
        this._signals = [];
        this._restoring = false;
    }

    /** The connectors Touchlight has windows for (known from their titles). */
    get connectors() {
        return [...this._connectors];
    }

    enable(client) {
        this._client = client;
        const display = global.display;
        this._signals = [
            [display, display.connect('window-created', (_, window) => this._created(window))],
            [display, display.connect('restacked', () => this._raise())],
            [display, display.connect('notify::focus-window', () => this._focusChanged())],
            [global.workspace_manager, global.workspace_manager.connect('active-workspace-changed', () => this._focusChanged())],
        ];
        for (const actor of global.get_window_actors())
            this._created(actor.meta_window, {shown: actor.visible});
    }

    disable() {
        for (const [object, id] of this._signals)
            object.disconnect(id);
        this._signals = [];
        for (const window of [...this._windows.keys()])
            this._forget(window, {putBack: true});
        this._client = null;
        this._keyboardFor = null;
    }

    /** Whether `window` is one of Touchlight's (of the client the extension started). */
    owns(window) {
        return this._client !== null && this._client.owns_window(window);
    }

    /** `shown`: it was on the screen before the extension was enabled (no first frame is to come). */
    _created(window, {shown} = {shown: false}) {
        if (!this.owns(window) || this._windows.has(window))
            return;
        Compat.hideFromWindowList(this._client, window);
        const entry = {connector: null, showing: shown, signals: [], actor: null, actorSignals: [], parent: null};
        this._windows.set(window, entry);
        entry.signals.push([window, window.connect('unmanaged', () => this._forget(window, {putBack: false}))]);
        entry.signals.push([window, window.connect('notify::title', () => this._place(window))]);
        entry.signals.push([window, window.connect('position-changed', () => this._cover(window))]);
        entry.signals.push([window, window.connect('shown', () => this._place(window))]);
        this._adopt(window, entry);
        this._updateUnredirect();
        this._place(window);
        this._focusChanged();
    }

    /**
     * Moves the window's actor above everything the shell draws (fullscreen windows included)
     * and follows it. mutter 43 has the actor when the window is created; 48 and later make it
     * when the window first maps (and again for the new window of each map after an idle
     * hide), so this is tried at creation and at each placement until it is done.
     */
    _adopt(window, entry) {
        const actor = window.get_compositor_private();
        if (!actor || entry.actor === actor)
            return;
        entry.actor = actor;
        window.stick();  // on every workspace; like a move, not before the window is ready
        entry.parent = actor.get_parent();
        entry.parent?.remove_child(actor);
        global.top_window_group.add_child(actor);
        entry.actorSignals = [
            actor.connect('notify::x', () => this._cover(window)),
            actor.connect('notify::y', () => this._cover(window)),
            actor.connect('notify::allocation', () => this._cover(window)),
            // The shell's map animation ends by setting the translation to 0 (_mapWindowDone),
            // after the placement: it is put back.
            actor.connect('notify::translation-x', () => this._cover(window)),
            actor.connect('notify::translation-y', () => this._cover(window)),
            actor.connect('first-frame', () => {
                entry.showing = true;
                this._updateUnredirect();
                this._place(window);
            }),
            // mutter disposes of the actor with its window: its signals go with it, and it is
            // not put back anywhere.
            actor.connect('destroy', () => {
                entry.actor = null;
                entry.actorSignals = [];
                entry.parent = null;
            }),
        ];
    }

    /**
     * Stops following `window`. With `putBack` (disable), its actor goes back where mutter
     * put it (at its buffer) and into its group: disable leaves the stage as enable found it. A window being unmanaged
     * keeps its actor where it is, for mutter to dispose of.
     */
    _forget(window, {putBack}) {
        const entry = this._windows.get(window);
        if (!entry)
            return;
        for (const [object, id] of entry.signals)
            object.disconnect(id);
        const actor = entry.actor;
        if (actor) {
            for (const id of entry.actorSignals)
                actor.disconnect(id);
            if (putBack) {
                const buffer = window.get_buffer_rect();
                actor.set_position(buffer.x, buffer.y);
            }
            if (putBack && actor.get_parent() === global.top_window_group && entry.parent) {
                global.top_window_group.remove_child(actor);
                entry.parent.add_child(actor);
            }
        }
        this._windows.delete(window);
        this._updateUnredirect();
    }

    /**
     * While a window of Touchlight's shows, no fullscreen window may bypass composition (it
     * would hide the overlay). Idle, Touchlight unmaps its windows (mutter then unmanages each,
     * and keeps a new one without a buffer until it maps again): fullscreen apps get direct
     * scanout back.
     */
    _updateUnredirect() {
        const showing = [...this._windows.values()].some(entry => entry.showing);
        if (showing === Boolean(this._unredirectOff))
            return;
        Compat.setUnredirectAllowed(!showing);
        this._unredirectOff = showing;
    }

    /** Covers the monitor the window's title names (the title arrives after creation). */
    _place(window) {
        const entry = this._windows.get(window);
        const title = window.get_title() ?? '';
        if (!entry || !title.startsWith(TITLE_PREFIX))
            return;
        const connector = title.slice(TITLE_PREFIX.length);
        entry.connector = connector;
        if (!this._connectors.has(connector)) {
            this._connectors.add(connector);
            this._onMonitorsKnown();
        }
        // Moved only once its actor showed a first frame: mutter 48 and later make the actor
        // when the window first maps, and 51 refuses to move a window that is not ready yet
        // ("meta_window_move_resize_internal: runtime check failed (priv->is_ready)"), which
        // also upsets its first configure.
        this._adopt(window, entry);
        const area = Compat.monitorArea(connector);
        if (!area || !entry.actor)
            return;
        this._cover(window);
        if (!entry.showing)
            return;
        window.move_frame(true, area.x, area.y);
        this._cover(window);
        this._raise();
    }

    /**
     * mutter keeps a window's top below the top bar: the actor is moved over it, to the
     * monitor's corner, each time mutter puts it elsewhere (it follows the window's buffer,
     * which moves after the configure is answered), and its translation is kept at 0 (the
     * shell's map animation changes it). Moved, not translated: mutter 43 paints a translated
     * window actor clipped to where it would be untranslated, which left the monitor's bottom
     * 32 px uncovered.
     */
    _cover(window) {
        const actor = window.get_compositor_private();
        const area = Compat.monitorArea(this._windows.get(window)?.connector);
        if (!actor || !area)
            return;
        if (actor.translation_x !== 0 || actor.translation_y !== 0)
            actor.set_translation(0, 0, 0);
        if (actor.x !== area.x || actor.y !== area.y)
            actor.set_position(area.x, area.y);
    }

    /** The monitors changed: every window covers its monitor again. */
    placeAll() {
        for (const window of this._windows.keys())
            this._place(window);
    }

    _raise() {
        for (const window of this._windows.keys()) {
            const actor = window.get_compositor_private();
            if (actor?.get_parent() === global.top_window_group)
                global.top_window_group.set_child_above_sibling(actor, null);
        }
    }

    /** Touchlight asks for the keyboard for its window on `connector`, or gives it back (null). */
    setKeyboard(connector) {
        this._keyboardFor = connector;
        const window = [...this._windows].find(([, entry]) => entry.connector === connector)?.[0];
        if (window)
            window.focus(global.get_current_time());
        else
            this._focusChanged();
    }

    /** Whether one of Touchlight's windows has the focus, which it may not keep. */
    _holdsFocusItMayNotKeep() {
        const focused = global.display.focus_window;
        if (!focused || !this._windows.has(focused))
            return false;
        return this._keyboardFor === null || this._windows.get(focused).connector !== this._keyboardFor;
    }

    /** One of Touchlight's windows got the focus, and may not keep it: it goes back, in a later. */
    _focusChanged() {
        if (!this._holdsFocusItMayNotKeep() || this._restoring)
            return;
        this._restoring = true;
        Compat.later(() => {
            this._restoring = false;
            this._giveFocusBack();
        });
    }

    /** The focus goes where it would be without Touchlight: the workspace's most recent window. */
    _giveFocusBack() {
        if (!this._holdsFocusItMayNotKeep())
            return;
        const workspace = global.workspace_manager.get_active_workspace();
        const recent = global.display.get_tab_list(Meta.TabList.NORMAL, workspace)
            .find(window => !this._windows.has(window) && !window.minimized);
        const time = global.get_current_time();
        if (recent)
            recent.focus(time);
        else
            global.display.unset_input_focus(time);
    }
}

