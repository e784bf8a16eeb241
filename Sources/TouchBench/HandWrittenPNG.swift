import CZlib
import Renderer

/// The PNG encoder Touchlight wrote by hand before it used libspng (zlib level 9, no row
/// filters), kept here only so the benchmark can compare the two in the same run.
enum HandWrittenPNG {
    static func encode(_ image: PNG.Image) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((image.width * 4 + 1) * image.height)
        for y in 0..<image.height {
            raw.append(0)  // filter: none
            raw.append(contentsOf: image.rgba[(y * image.width * 4)..<((y + 1) * image.width * 4)])
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, no filter method, no interlace
        chunk("IHDR", header, into: &out)
        chunk("IDAT", deflate(raw), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    private static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        _ = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { compress2(o.baseAddress, &length, $0.baseAddress, uLong($0.count), 9) }
        }
        return Array(out[0..<Int(length)])
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += bigEndian(UInt32(data.count)) + typeBytes + data
        var crc = crc32(0, nil, 0)
        crc = (typeBytes + data).withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        out += bigEndian(UInt32(crc))
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

}
