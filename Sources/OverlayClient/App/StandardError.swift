/// Prints a line (or with `terminator: ""`, a progress line ending in "\r") to standard error.
public func printToStandardError(_ text: String, terminator: String = "\n") {
    printError(text, terminator: terminator)
}
