/// The size of the buffer one read of a socket or an inotify descriptor takes: a page. A
/// longer message comes in several reads, each handler gathering what it needs.
enum ReadBuffer {
    static let size = 4096
}
