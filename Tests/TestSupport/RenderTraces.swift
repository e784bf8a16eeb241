/// Traces both the trace renderer's unit tests and the export's end-to-end tests draw.
public enum RenderTraces {
    /// One finger on an 800×600 output: down at (200, 150) at 0.1 s, along to (300, 150) by
    /// 0.5 s, lifted at 0.6 s.
    public static let drag = """
        touchlight-trace 4
        output 800 600 1
        0.1 1 down 200 150
        0.2 1 move 225 150
        0.3 1 move 250 150
        0.4 1 move 275 150
        0.5 1 move 300 150
        0.6 1 up 300 150

        """
}
