// Every touch on the stage, handed to Touchlight: a stage event filter sees each one before
// any actor or app does (the stage's captured-event signal misses some under popups), and
// always lets it go on (EVENT_PROPAGATE): the apps get their touches untouched.
import Clutter from 'gi://Clutter';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';

const PHASES = new Map([
    [Clutter.EventType.TOUCH_BEGIN, 'begin'],
    [Clutter.EventType.TOUCH_UPDATE, 'update'],
    [Clutter.EventType.TOUCH_END, 'end'],
    [Clutter.EventType.TOUCH_CANCEL, 'cancel'],
]);

/** Slots Touchlight takes (0…999); Clutter's own can be large (virtual devices start at 256+). */
const SLOTS = 1000;

export class TouchForwarder {
    /** @param {function(string)} send - sends one message to Touchlight */
    constructor(send) {
        this._send = send;
        this._slots = new Map();
        this._filter = 0;
    }

    enable() {
        this._filter = Clutter.Event.add_filter(global.stage, event => this._seen(event));
    }

    disable() {
        if (this._filter)
            Clutter.Event.remove_filter(this._filter);
        this._filter = 0;
        this._slots.clear();
    }

    _seen(event) {
        const phase = PHASES.get(event.type());
        if (phase === undefined)
            return Clutter.EVENT_PROPAGATE;
        const slot = this._slot(event.get_event_sequence().get_slot(), phase);
        if (slot === null)
            return Clutter.EVENT_PROPAGATE;
        const [x, y] = event.get_coords();
        this._send(`touch ${phase} ${slot} ${x.toFixed(2)} ${y.toFixed(2)} ${monitorAt(x, y)} ${event.get_time()}`);
        return Clutter.EVENT_PROPAGATE;
    }

    /** A small slot number for Clutter's: the lowest free one at begin, freed at end. */
    _slot(clutterSlot, phase) {
        let slot = this._slots.get(clutterSlot);
        if (slot === undefined) {
            if (phase !== 'begin')
                return null;
            const taken = new Set(this._slots.values());
            for (slot = 0; slot < SLOTS && taken.has(slot); slot++)
                ;
            if (slot === SLOTS)
                return null;
            this._slots.set(clutterSlot, slot);
        }
        if (phase === 'end' || phase === 'cancel')
            this._slots.delete(clutterSlot);
        return slot;
    }
}

/** The index of the monitor at stage position (x, y), the primary one when none is. */
export function monitorAt(x, y) {
    const monitor = Main.layoutManager.monitors.find(m =>
        x >= m.x && x < m.x + m.width && y >= m.y && y < m.y + m.height);
    return monitor?.index ?? Main.layoutManager.primaryIndex;
}
