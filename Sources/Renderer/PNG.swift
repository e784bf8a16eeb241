import CZlib

/// Minimal PNG files (8-bit RGBA, no interlacing) for golden images and screenshots.
public enum PNG {
    public struct Image: Equatable {
        public var width: Int
        public var height: Int
        /// Straight-alpha RGBA bytes, row by row.
        public var rgba: [UInt8]

        public init(width: Int, height: Int, rgba: [UInt8]) {
            (self.width, self.height, self.rgba) = (width, height, rgba)
        }
    }

    public struct DecodingError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func encode(_ image: Image) -> [UInt8] {
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

    public static func decode(_ bytes: [UInt8]) throws -> Image {
        guard bytes.count > 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw DecodingError(description: "not a PNG file")
        }
        var offset = 8, width = 0, height = 0
        var idat: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(readUInt32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { throw DecodingError(description: "truncated \(type) chunk") }
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            switch type {
            case "IHDR":
                width = Int(readUInt32(data, 0))
                height = Int(readUInt32(data, 4))
                guard data[8] == 8, data[9] == 6, data[12] == 0 else {
                    throw DecodingError(description: "only 8-bit RGBA non-interlaced PNGs are read")
                }
            case "IDAT": idat += data
            default: break
            }
            offset += 12 + length
        }
        let rowBytes = width * 4
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { uncompress(out.baseAddress, &rawLength, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else { throw DecodingError(description: "corrupt image data") }
        var rgba = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let filter = raw[y * (rowBytes + 1)]
            for x in 0..<rowBytes {
                let value = Int(raw[y * (rowBytes + 1) + 1 + x])
                let left = x >= 4 ? Int(rgba[y * rowBytes + x - 4]) : 0
                let up = y > 0 ? Int(rgba[(y - 1) * rowBytes + x]) : 0
                let upLeft = (x >= 4 && y > 0) ? Int(rgba[(y - 1) * rowBytes + x - 4]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predicted = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
                default: throw DecodingError(description: "unknown row filter \(filter)")
                }
                rgba[y * rowBytes + x] = UInt8((value + predicted) & 0xFF)
            }
        }
        return Image(width: width, height: height, rgba: rgba)
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

    private static func readUInt32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3])
    }
}
