/**
 * A real, tiny PAG animation (Tencent libpag's file format, written from its codec's rules): a vector
 * composition of `width`×`height` at 10 fps, `colors.length` seconds long, holding one full-size solid layer per
 * colour, each shown for its own second — so the picture changes colour while it plays. No PAG encoder runs on
 * this machine (libpag's web build only decodes), hence this writer.
 *
 * Encoding (libpag `Codec`, `EncodeStream`): little-endian; "encoded" integers are LEB128 varints (signed ones
 * carry the sign in bit 0); attribute blocks start with one flag bit per attribute (LSB first), then the values
 * of the present ones from the next whole byte. A tag is a uint16 `code << 6 | length` (63 = a uint32 length
 * follows), then its body; a block of tags ends with tag 0.
 */
type Rgb = readonly [number, number, number]

const TAG = {
  end: 0,
  vectorComposition: 2,
  compositionAttributes: 3,
  layer: 5,
  layerAttributes: 6,
  solidColor: 7,
  transform2D: 13,
} as const
const SOLID_LAYER = 2
const FPS = 10

function varint(value: number): number[] {
  const out: number[] = []
  let rest = value
  do {
    const low = rest & 0x7f
    rest = Math.floor(rest / 128)
    out.push(rest > 0 ? low | 0x80 : low)
  } while (rest > 0)
  return out
}
const signedVarint = (value: number) => varint(Math.abs(value) * 2 + (value < 0 ? 1 : 0))
const float32 = (value: number) => {
  const b = Buffer.alloc(4)
  b.writeFloatLE(value)
  return [...b]
}

function tag(code: number, body: number[]): number[] {
  const head = Buffer.alloc(body.length < 63 ? 2 : 6)
  head.writeUInt16LE((code << 6) | Math.min(body.length, 63))
  if (body.length >= 63) head.writeUInt32LE(body.length, 2)
  return [...head, ...body]
}
const END = tag(TAG.end, [])

function solidLayer(id: number, color: Rgb, start: number, duration: number, width: number, height: number) {
  // LayerAttributes flags: isActive, autoOrientation, parent, stretch, startTime, blendMode, trackMatte, timeRemap.
  const flags = 0b1 | (start > 0 ? 1 << 4 : 0)
  const attributes = [flags, ...(start > 0 ? varint(start) : []), ...varint(duration)]
  return tag(TAG.layer, [
    SOLID_LAYER,
    ...varint(id),
    ...tag(TAG.layerAttributes, attributes),
    // Transform2D: anchor, position, x, y, scale, rotation, opacity all at their defaults (no flag set).
    ...tag(TAG.transform2D, [0]),
    ...tag(TAG.solidColor, [...color, ...signedVarint(width), ...signedVarint(height)]),
    ...END,
  ])
}

export function pagAnimation(width: number, height: number, colors: readonly Rgb[]): Buffer {
  const duration = colors.length * FPS
  const composition = tag(TAG.vectorComposition, [
    ...varint(1),
    ...tag(TAG.compositionAttributes, [
      ...signedVarint(width),
      ...signedVarint(height),
      ...varint(duration),
      ...float32(FPS),
      255,
      255,
      255,
    ]),
    // The first layer is drawn on top; each shows only during its second.
    ...colors.flatMap((color, i) => solidLayer(i + 1, color, i * FPS, FPS, width, height)),
    ...END,
  ])
  const body = [...composition, ...END]
  const header = Buffer.alloc(9)
  header.write('PAG', 0, 'latin1')
  header.writeUInt8(1, 3)
  header.writeUInt32LE(body.length, 4)
  header.write('U', 8, 'latin1') // uncompressed
  return Buffer.concat([header, Buffer.from(body)])
}
