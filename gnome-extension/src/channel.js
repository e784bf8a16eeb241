// The private channel to Touchlight: a connected SOCK_SEQPACKET pair, one message a packet,
// each a line of words (the format: ../README.md). GJS has no socketpair, so the pair is made
// by listening on a fresh name in the user's 0700 runtime directory, connecting, accepting,
// and unlinking the name at once; the accepted peer must be this very process.
//
// The shell's end never blocks the compositor: a message that does not fit is dropped and
// counted, and the count goes to Touchlight with the next message that fits.
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** How many bytes a message may have (Touchlight refuses longer ones). */
const MAXIMUM_LENGTH = 256;

export class Channel {
    /**
     * @param {function(string)} onMessage - a message from Touchlight
     * @param {function()} onClosed - Touchlight closed its end (it exited)
     * @param {function()} onCaughtUp - Touchlight takes messages again after some were dropped
     *   (what it must know, such as the monitors, is sent again)
     */
    constructor(onMessage, onClosed, onCaughtUp) {
        this._onMessage = onMessage;
        this._onClosed = onClosed;
        this._onCaughtUp = onCaughtUp;
        this._socket = null;
        this._cancellable = null;
        this.dropped = 0;
        this._reportedDropped = 0;
    }

    /** Makes the pair; returns a descriptor of the other end, which the caller hands over. */
    open() {
        const path = GLib.build_filenamev([GLib.get_user_runtime_dir(), `touchlight-channel-${GLib.uuid_string_random()}`]);
        const address = Gio.UnixSocketAddress.new(path);
        const listener = Gio.Socket.new(Gio.SocketFamily.UNIX, Gio.SocketType.SEQPACKET, Gio.SocketProtocol.DEFAULT);
        let child = null;
        try {
            listener.bind(address, false);
            listener.listen();
            child = Gio.Socket.new(Gio.SocketFamily.UNIX, Gio.SocketType.SEQPACKET, Gio.SocketProtocol.DEFAULT);
            child.connect(address, null);
            this._socket = listener.accept(null);
        } finally {
            GLib.unlink(path);
            listener.close();
        }
        const own = new Gio.Credentials().get_unix_pid();
        if (this._socket.get_credentials().get_unix_pid() !== own) {
            this.close();
            child.close();
            throw new Error('the channel was connected by another process');
        }
        this._socket.set_blocking(false);
        // A duplicate for the launcher to own; the Gio.Socket closes its own.
        const list = new Gio.UnixFDList();
        list.append(child.get_fd());
        const fd = list.get(0);
        child.close();
        this._read();
        return fd;
    }

    _read() {
        this._cancellable = new Gio.Cancellable();
        const connection = this._socket.connection_factory_create_connection();
        this._stream = connection.get_input_stream();
        this._connection = connection;
        this._readNext();
    }

    _readNext() {
        this._stream.read_bytes_async(MAXIMUM_LENGTH, GLib.PRIORITY_DEFAULT, this._cancellable, (stream, result) => {
            let bytes;
            try {
                bytes = stream.read_bytes_finish(result);
            } catch (e) {
                if (!e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.CANCELLED))
                    this._onClosed();
                return;
            }
            if (bytes.get_size() === 0) {
                this._onClosed();
                return;
            }
            this._onMessage(decoder.decode(bytes.toArray()));
            this._readNext();
        });
    }

    /** Sends one message, or drops and counts it when Touchlight is behind. */
    send(text) {
        if (!this._socket)
            return false;
        if (this.dropped > this._reportedDropped) {
            if (!this._sendNow(`dropped ${this.dropped}`)) {
                this.dropped++;
                return false;
            }
            this._reportedDropped = this.dropped;
            this._onCaughtUp();
        }
        if (this._sendNow(text))
            return true;
        this.dropped++;
        return false;
    }

    _sendNow(text) {
        try {
            return this._socket.send(encoder.encode(text), null) > 0;
        } catch (e) {
            return false;
        }
    }

    close() {
        this._cancellable?.cancel();
        this._socket?.close();
        this._socket = null;
        this._connection = null;
    }
}
