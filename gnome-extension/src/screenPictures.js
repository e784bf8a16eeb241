// The zoom's picture: GNOME gives clients no screen capture of their own, so the Shell takes
// the monitor's picture with its own screenshot machinery, into a private PNG file (0600) in
// the user's runtime folder, and tells touchlight where it is. The file goes once touchlight
// says it has read it, or after KEEP_S seconds, or when the extension stops.
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Shell from 'gi://Shell';
import * as Compat from './compat.js';

/** How long a picture's file is kept if touchlight never says it read it. */
const KEEP_S = 10;

export class ScreenPictures {
    /** @param {function(string)} send - sends one message to touchlight */
    constructor(send) {
        this._send = send;
        this._files = new Map();   // connector → {path, timeout}
    }

    /** Takes the picture of the monitor `connector` names, and says where it is. */
    take(connector) {
        this.release(connector);
        const area = Compat.monitorArea(connector);
        if (!area) {
            this._send(`captured ${connector} -`);
            return;
        }
        const path = GLib.build_filenamev([GLib.get_user_runtime_dir(), `touchlight-zoom-${GLib.uuid_string_random()}.png`]);
        let stream;
        try {
            stream = Gio.File.new_for_path(path).create(Gio.FileCreateFlags.PRIVATE, null);
        } catch (e) {
            logError(e, 'Touchlight: the zoom\'s picture');
            this._send(`captured ${connector} -`);
            return;
        }
        const timeout = GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, KEEP_S, () => {
            this._files.get(connector).timeout = 0;
            this.release(connector);
            return GLib.SOURCE_REMOVE;
        });
        this._files.set(connector, {path, timeout});
        new Shell.Screenshot().screenshot_area(area.x, area.y, area.width, area.height, stream, (shooter, result) => {
            let taken = false;
            try {
                shooter.screenshot_area_finish(result);
                stream.close(null);
                taken = true;
            } catch (e) {
                logError(e, 'Touchlight: the zoom\'s picture');
            }
            if (this._files.get(connector)?.path !== path)
                return;   // released meanwhile
            this._send(`captured ${connector} ${taken ? path : '-'}`);
            if (!taken)
                this.release(connector);
        });
    }

    /** Removes the picture's file of `connector`, if there is one. */
    release(connector) {
        const file = this._files.get(connector);
        if (!file)
            return;
        if (file.timeout)
            GLib.source_remove(file.timeout);
        GLib.unlink(file.path);
        this._files.delete(connector);
    }

    releaseAll() {
        for (const connector of [...this._files.keys()])
            this.release(connector);
    }
}
