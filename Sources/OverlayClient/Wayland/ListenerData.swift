/// The user data every listener is registered with: the object that owns the proxy, passed
/// unretained (the owner outlives its proxy). C callbacks run on the main thread, during
/// dispatch, so the body runs on the main actor.
func listenerData(_ owner: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(owner).toOpaque()
}

/// Runs `body` with the owner a callback's user data points to (nothing when there is none).
func withOwner<Owner: AnyObject>(_ data: UnsafeMutableRawPointer?, _ type: Owner.Type, _ body: @MainActor (Owner) -> Void) {
    guard let data else { return }
    // Callbacks come from libwayland's dispatch on the main thread (assumeIsolated checks it).
    nonisolated(unsafe) let owner = Unmanaged<Owner>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { body(owner) }
}

/// A listener struct at an address that never moves and never goes away. libwayland keeps the
/// pointer it is given for as long as the proxy lives, while Swift guarantees `&value` only
/// for the duration of a call; so every listener is a table like this, made once per
/// interface and shared by every object of that type (the object comes back as the user
/// data), as slurp and swaybg keep `static const` listener tables in C.
final class ListenerTable<Listener>: @unchecked Sendable {
    /// Valid for the life of the program: the table is never freed.
    let pointer: UnsafeMutablePointer<Listener>

    init(_ listener: Listener) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: listener)
    }
}
