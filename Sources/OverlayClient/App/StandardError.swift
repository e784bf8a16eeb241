/// Prints a line to standard error (for the executable).
public func printToStandardError(_ text: String) {
    printError(text)
}
