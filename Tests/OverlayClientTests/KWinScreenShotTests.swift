import Testing
@testable import OverlayClient

/// How KWin's ScreenShot2 pictures are read: QImage's 32-bit formats become opaque XRGB, others
/// are refused by name. (The call itself is not tested end to end: KWin 6.7 nested here cancels
/// every capture, having no OpenGL compositing; docs/compositors.md.)
@Suite struct KWinScreenShotTests {
    /// One pixel, red 0x11, green 0x22, blue 0x33, half transparent, in each layout.
    static let layouts: [(format: UInt32, bytes: [UInt8])] = [4, 5, 6].map { ($0, [0x33, 0x22, 0x11, 0x80]) } + [16, 17, 18].map { ($0, [0x11, 0x22, 0x33, 0x80]) }

    @Test(arguments: layouts)
    func eachFormatReadsAsOpaqueXRGB(format: UInt32, bytes: [UInt8]) throws {
        let order = try #require(KWinScreenShot.ByteOrder(qImageFormat: format))
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 2)
        defer { pixels.deallocate() }
        order.convert(bytes + [0, 0, 0, 0xFF], width: 2, into: pixels)
        #expect(pixels[0] == 0xFF11_2233, "format \(format): \(String(pixels[0], radix: 16))")
        #expect(pixels[1] == 0xFF00_0000)
    }

    @Test func otherFormatsAreRefused() {
        for format: UInt32 in [0, 3, 7, 13, 24, 30] { #expect(KWinScreenShot.ByteOrder(qImageFormat: format) == nil, "format \(format)") }
    }
}
