/// RGB to YUV: the coefficients a video's pixels are made with.
public enum ColourMatrix: Sendable {
    /// HD and up (ITU-R BT.709).
    case bt709
    /// Standard definition (ITU-R BT.601, as SMPTE 170M).
    case bt601
}

/// A frame as `yuva420p`, the layout VP9 with alpha and ffmpeg's overlay take: full-size luma
/// and alpha planes and quarter-size chroma, limited range, in `matrix`'s coefficients.
///
/// It keeps the last frame and converts only the rectangles that changed, which for a touch
/// track (mostly transparent, mostly the same from frame to frame) is a small part of each frame.
/// Made `alternating`, it keeps two and makes each frame in the one not handed out last, so
/// that one stays untouched while a pipe still holds its pages (`vmsplice`).
/// Chroma is the alpha-weighted mean of its 2×2 pixels, so a marker's edge keeps its hue
/// instead of fading towards the transparent black around it.
public final class YUVAFrame {
    public let width: Int
    public let height: Int
    public let matrix: ColourMatrix
    /// The frame last made: Y, then U, then V, then A, packed as ffmpeg's rawvideo reads them.
    public var bytes: [UInt8] { buffers[current] }
    private var buffers: [[UInt8]]
    private var current = 0
    /// What changed in the frame before, which the other buffer has not seen either.
    private var previousDamage: [PixelRect]? = []
    private let chromaWidth: Int
    private let chromaHeight: Int
    private let coefficients: Coefficients

    public init(width: Int, height: Int, matrix: ColourMatrix, alternating: Bool = false) {
        self.width = width
        self.height = height
        self.matrix = matrix
        chromaWidth = (width + 1) / 2
        chromaHeight = (height + 1) / 2
        coefficients = Coefficients(matrix)
        let luma = width * height, chroma = chromaWidth * chromaHeight
        var blank = [UInt8](repeating: 0, count: 2 * luma + 2 * chroma)
        blank.withUnsafeMutableBufferPointer { all in
            (all.baseAddress!).update(repeating: 16, count: luma)  // black luma, under alpha 0
            (all.baseAddress! + luma).update(repeating: 128, count: 2 * chroma)
        }
        buffers = alternating ? [blank, blank] : [blank]
    }

    /// Converts `damage` (device pixels; the whole frame when nil) of `canvas`, which must be
    /// this frame's size.
    public func update(from canvas: Canvas, damage: [PixelRect]?) {
        precondition(canvas.width == width && canvas.height == height, "a \(canvas.width)×\(canvas.height) canvas for a \(width)×\(height) frame")
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        var changed = damage ?? [whole]
        if buffers.count == 2 {
            current ^= 1
            // This buffer missed the frame before as well as this one.
            changed += previousDamage ?? [whole]
            previousDamage = damage
        }
        for rect in changed {
            // Whole 2×2 blocks: chroma covers two pixels each way.
            let x0 = max(0, rect.x) & ~1, y0 = max(0, rect.y) & ~1
            let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
            guard x1 > x0, y1 > y0 else { continue }
            convert(canvas, blocksX: (x0 / 2)..<((x1 + 1) / 2), blocksY: (y0 / 2)..<((y1 + 1) / 2))
        }
    }

    private func convert(_ canvas: Canvas, blocksX: Range<Int>, blocksY: Range<Int>) {
        let k = coefficients, width = width, height = height, chromaWidth = chromaWidth
        let luma = width * height, chroma = chromaWidth * chromaHeight
        buffers[current].withUnsafeMutableBufferPointer { all in
            let yPlane = all.baseAddress!, uPlane = yPlane + luma, vPlane = uPlane + chroma, aPlane = vPlane + chroma
            for by in blocksY {
                for bx in blocksX {
                    var sumR = 0, sumG = 0, sumB = 0, sumA = 0
                    for dy in 0..<2 {
                        let y = by * 2 + dy
                        guard y < height else { continue }
                        let row = (canvas.pixels + y * canvas.stride).assumingMemoryBound(to: UInt32.self)
                        for dx in 0..<2 {
                            let x = bx * 2 + dx
                            guard x < width else { continue }
                            let p = row[x]
                            let a = Int(p >> 24), r = Int((p >> 16) & 0xFF), g = Int((p >> 8) & 0xFF), b = Int(p & 0xFF)
                            let i = y * width + x
                            aPlane[i] = UInt8(a)
                            if a == 0 {
                                yPlane[i] = 16
                                continue
                            }
                            sumR += r; sumG += g; sumB += b; sumA += a
                            // Straight colour from premultiplied: c × 255 / a, rounded.
                            let sr = (r * 255 + a / 2) / a, sg = (g * 255 + a / 2) / a, sb = (b * 255 + a / 2) / a
                            yPlane[i] = UInt8(clamping: (k.yR * sr + k.yG * sg + k.yB * sb + (16 << 16) + (1 << 15)) >> 16)
                        }
                    }
                    let c = by * chromaWidth + bx
                    guard sumA > 0 else {
                        uPlane[c] = 128
                        vPlane[c] = 128
                        continue
                    }
                    // The alpha-weighted mean of the straight colours is Σ premultiplied / Σ alpha.
                    let r = (sumR * 255 + sumA / 2) / sumA, g = (sumG * 255 + sumA / 2) / sumA, b = (sumB * 255 + sumA / 2) / sumA
                    uPlane[c] = UInt8(clamping: (k.uR * r + k.uG * g + k.uB * b + (128 << 16) + (1 << 15)) >> 16)
                    vPlane[c] = UInt8(clamping: (k.vR * r + k.vG * g + k.vB * b + (128 << 16) + (1 << 15)) >> 16)
                }
            }
        }
    }

    /// The matrix scaled to limited range (Y 16–235, U and V 16–240) in 16.16 fixed point:
    /// Y = Kr R + Kg G + Kb B, U = (B − Y) / (2 (1 − Kb)), V = (R − Y) / (2 (1 − Kr)).
    struct Coefficients {
        let yR, yG, yB, uR, uG, uB, vR, vG, vB: Int

        init(_ matrix: ColourMatrix) {
            let (kr, kb) = matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
            let kg = 1 - kr - kb
            let luma = 219.0 / 255 * 65536, chroma = 224.0 / 255 * 65536
            func fixed(_ value: Double) -> Int { Int(value.rounded()) }
            (yR, yG, yB) = (fixed(kr * luma), fixed(kg * luma), fixed(kb * luma))
            let u = 0.5 / (1 - kb), v = 0.5 / (1 - kr)
            (uR, uG, uB) = (fixed(-kr * u * chroma), fixed(-kg * u * chroma), fixed(0.5 * chroma))
            (vR, vG, vB) = (fixed(0.5 * chroma), fixed(-kg * v * chroma), fixed(-kb * v * chroma))
        }
    }
}
