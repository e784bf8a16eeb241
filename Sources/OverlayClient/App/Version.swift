/// The version `touchlight --version` and `touchlight doctor` report.
public let touchlightVersion = "0.1.0"
