import CZlib
import Foundation

/// An 8-bit RGB or RGBA PNG decoded to pixels (what Chromium's screenshots are), for
/// looking at what the page drew.
struct PNGImage {
    let width: Int
    let height: Int
    /// Row-major RGBA.
    private(set) var rgba: [UInt8]

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 4
        return (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]))
    }

    /// Keeps the encoded bytes for writing the picture out.
    private(set) var data = Data()

    func write(_ path: String) throws { try data.write(to: URL(fileURLWithPath: path)) }

    init(data: Data) throws {
        self.data = data
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8] == [137, 80, 78, 71, 13, 10, 26, 10] else { throw SocketError("not a PNG") }
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        var i = 8, w = 0, h = 0, colorType = 0
        var compressed: [UInt8] = []
        while i + 8 <= bytes.count {
            let length = u32(i), type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
            let body = i + 8
            switch type {
            case "IHDR":
                w = u32(body); h = u32(body + 4); colorType = Int(bytes[body + 9])
                guard bytes[body + 8] == 8, colorType == 2 || colorType == 6, bytes[body + 12] == 0 else {
                    throw SocketError("only 8-bit RGB/RGBA PNGs without interlace are read")
                }
            case "IDAT": compressed += bytes[body..<body + length]
            default: break
            }
            i = body + length + 4
        }
        let channels = colorType == 6 ? 4 : 3
        let stride = w * channels
        var raw = [UInt8](repeating: 0, count: h * (stride + 1))
        var rawLength = uLongf(raw.count)
        let status = compressed.withUnsafeBufferPointer { src in
            raw.withUnsafeMutableBufferPointer { dst in uncompress(dst.baseAddress, &rawLength, src.baseAddress, uLong(src.count)) }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else { throw SocketError("PNG data did not inflate (zlib \(status))") }
        var out = [UInt8](repeating: 255, count: w * h * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        var row = [UInt8](repeating: 0, count: stride)
        for y in 0..<h {
            let start = y * (stride + 1), filter = raw[start]
            for x in 0..<stride {
                let value = Int(raw[start + 1 + x])
                let a = x >= channels ? Int(row[x - channels]) : 0
                let b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: predictor = 0
                }
                row[x] = UInt8((value + predictor) & 0xff)
            }
            for x in 0..<w {
                for k in 0..<channels { out[(y * w + x) * 4 + k] = row[x * channels + k] }
            }
            swap(&previous, &row)
        }
        width = w; height = h; rgba = out
    }
}
