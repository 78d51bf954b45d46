/**
 * Reads an MP3 file frame by frame (ISO 11172-3 / 13818-3 headers), so tests can check that stored audio is a
 * well-formed MPEG Layer III stream and not just a file named .mp3.
 */
export interface Mp3Stream {
  /** 1 for MPEG-1, 2 for MPEG-2, 2.5 for MPEG-2.5. */
  versions: Set<number>;
  layers: Set<number>;
  channelModes: Set<"stereo" | "joint stereo" | "dual channel" | "mono">;
  bitratesKbps: Set<number>;
  sampleRates: Set<number>;
  frames: number;
  durationSeconds: number;
}

const bitrates = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const sampleRates: Record<number, number[]> = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] };
const modes = ["stereo", "joint stereo", "dual channel", "mono"] as const;

/** Walks every frame to the end of the file; throws where a frame header is missing or invalid. */
export function readMp3(data: Uint8Array): Mp3Stream {
  const stream: Mp3Stream = {
    versions: new Set(),
    layers: new Set(),
    channelModes: new Set(),
    bitratesKbps: new Set(),
    sampleRates: new Set(),
    frames: 0,
    durationSeconds: 0,
  };
  let at = 0;
  if (data[0] === 0x49 && data[1] === 0x44 && data[2] === 0x33) {
    // An ID3v2 tag: 10 bytes of header, then a "syncsafe" size (7 bits per byte).
    at = 10 + ((data[6]! << 21) | (data[7]! << 14) | (data[8]! << 7) | data[9]!);
  }
  while (at < data.length) {
    const [b0, b1, b2, b3] = [data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!];
    if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`No MP3 frame header at byte ${at}`);
    const version = [2.5, 0, 2, 1][(b1 >> 3) & 3]!;
    const layer = [0, 3, 2, 1][(b1 >> 1) & 3]!;
    const kbps = (version === 1 ? bitrates.v1 : bitrates.v2)[b2 >> 4];
    const rate = sampleRates[version]?.[(b2 >> 2) & 3];
    if (!version || !layer || !kbps || !rate) throw new Error(`Invalid MP3 frame header at byte ${at}`);
    const samplesPerFrame = layer === 3 && version !== 1 ? 576 : layer === 1 ? 384 : 1152;
    const padding = (b2 >> 1) & 1;
    const length =
      layer === 1 ? (Math.floor((12000 * kbps) / rate) + padding) * 4 : Math.floor(((samplesPerFrame / 8) * 1000 * kbps) / rate) + padding;
    stream.versions.add(version);
    stream.layers.add(layer);
    stream.channelModes.add(modes[b3 >> 6]!);
    stream.bitratesKbps.add(kbps);
    stream.sampleRates.add(rate);
    stream.frames++;
    stream.durationSeconds += samplesPerFrame / rate;
    at += length;
  }
  if (at !== data.length) throw new Error(`The last MP3 frame is cut off (${at - data.length} bytes missing)`);
  return stream;
}

/** A 16-bit PCM mono WAV file of a tone, as eSpeak writes them (what installations stored before MP3). */
export function toneWav(seconds: number, sampleRate = 22050): Uint8Array {
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "latin1");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8, "latin1");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "latin1");
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), 44 + i * 2);
  return new Uint8Array(wav);
}
