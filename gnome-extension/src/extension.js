// Touchlight's companion: starts touchlight as a Wayland client the shell recognises, makes
// its windows the overlay (overlayWindows.js), hands it every touch over a private channel
// (channel.js, touchForwarder.js), and offers a Quick Settings toggle (quickToggle.js).
// disable() undoes exactly what enable() did, and ends touchlight. The shell disables the
// extension on the lock screen (metadata.json's session-modes is the user's session alone).
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';
import {Channel} from './channel.js';
import * as Compat from './compat.js';
import {OverlayWindows} from './overlayWindows.js';
import {ScreenPictures} from './screenPictures.js';
import {TouchlightIndicator} from './quickToggle.js';
import {TouchForwarder} from './touchForwarder.js';

/** Restarts after touchlight ends by itself: at most this many within RESTART_WINDOW_S. */
const RESTART_LIMIT = 5;
const RESTART_WINDOW_S = 60;
const RESTART_DELAY_MS = 1000;

export default class TouchlightExtension extends Extension {
    enable() {
        this._mode = 'pass';
        this._restarts = [];
        this._windows = new OverlayWindows(() => this._sendMonitors());
        this._indicator = new TouchlightIndicator(running => this._setRunning(running), mode => this._askMode(mode));
        Compat.addQuickSettingsIndicator(this._indicator);
        this._monitorsChanged = Main.layoutManager.connect('monitors-changed', () => {
            this._windows.placeAll();
            this._sendMonitors();
        });
        this._setRunning(true);
    }

    disable() {
        if (this._restartSource)
            GLib.source_remove(this._restartSource);
        this._restartSource = 0;
        this._setRunning(false);
        Main.layoutManager.disconnect(this._monitorsChanged);
        this._indicator.destroy();
        this._indicator = null;
        this._windows = null;
    }

    _setRunning(running) {
        if (running && !this._process)
            this._start();
        else if (!running && this._process)
            this._stop();
        this._indicator?.toggle.show(Boolean(this._process), this._mode);
    }

    _start() {
        const binary = this.metadata['touchlight-binary'] ?? 'touchlight';
        const argv = [binary, ...(this.metadata['touchlight-arguments'] ?? [])];
        const channel = new Channel(text => this._received(text), () => this._channelClosed(channel), () => this._sendMonitors());
        let process;
        try {
            const fd = channel.open();
            const launcher = new Gio.SubprocessLauncher({flags: Gio.SubprocessFlags.NONE});
            // mutter hands the Wayland connection over on descriptor 3; the channel goes on 4.
            launcher.take_fd(fd, 4);
            launcher.setenv('TOUCHLIGHT_SHELL_CHANNEL', '4', true);
            process = Compat.spawnClient(launcher, argv);
        } catch (e) {
            channel.close();
            logError(e, `Touchlight: could not start ${binary}`);
            return;
        }
        this._process = process;
        this._channel = channel;
        this._forwarder = new TouchForwarder(text => channel.send(text));
        this._pictures = new ScreenPictures(text => channel.send(text));
        this._windows.enable(process.client);
        this._forwarder.enable();
        this._sendMonitors();
        process.subprocess.wait_async(null, () => this._ended(process));
    }

    _stop() {
        const {subprocess} = this._process;
        this._forwarder.disable();
        this._pictures.releaseAll();
        this._windows.disable();
        this._channel.close();   // touchlight reads the end of the channel and exits
        subprocess.send_signal(15);
        this._process = null;
        this._channel = null;
        this._forwarder = null;
        this._pictures = null;
    }

    /** touchlight ended: by itself, it is started again (a few times a minute at most). */
    _ended(process) {
        if (this._process !== process)
            return;
        this._stop();
        const now = GLib.get_monotonic_time() / 1e6;
        this._restarts = this._restarts.filter(time => now - time < RESTART_WINDOW_S);
        if (this._restarts.length < RESTART_LIMIT) {
            this._restarts.push(now);
            this._restartSource = GLib.timeout_add(GLib.PRIORITY_DEFAULT, RESTART_DELAY_MS, () => {
                this._restartSource = 0;
                if (this._indicator)
                    this._setRunning(true);
                return GLib.SOURCE_REMOVE;
            });
        } else {
            log(`Touchlight: touchlight ended ${RESTART_LIMIT} times within ${RESTART_WINDOW_S} s; not starting it again`);
        }
        this._indicator?.toggle.show(false, this._mode);
    }

    _channelClosed(channel) {
        if (this._channel === channel && this._process)
            this._process.subprocess.send_signal(15);
    }

    /** The monitors, for each of which Touchlight's connector is known. */
    _sendMonitors() {
        if (!this._channel)
            return;
        const manager = Compat.monitorManager();
        const connectors = new Map(this._windows.connectors.map(c => [manager.get_monitor_for_connector(c), c]));
        const monitors = Main.layoutManager.monitors;
        this._channel.send(`monitors ${monitors.length}`);
        for (const m of monitors)
            this._channel.send(`monitor ${m.index} ${connectors.get(m.index) ?? '-'} ${m.x} ${m.y} ${m.width} ${m.height}`);
    }

    _askMode(mode) {
        this._channel?.send(`mode ${mode}`);
    }

    /** A message from touchlight: its mode, its asking for the keyboard, or for a picture. */
    _received(text) {
        const words = text.split(' ');
        if (words[0] === 'capture' && words.length === 2) {
            this._pictures?.take(words[1]);
        } else if (words[0] === 'released' && words.length === 2) {
            this._pictures?.release(words[1]);
        } else if (words[0] === 'mode' && words.length === 2) {
            this._mode = words[1];
            this._indicator?.toggle.show(Boolean(this._process), this._mode);
        } else if (words[0] === 'keyboard' && words.length === 3) {
            this._windows.setKeyboard(words[1] === 'take' ? words[2] : null);
        }
    }
}
