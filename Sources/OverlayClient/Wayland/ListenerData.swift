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
