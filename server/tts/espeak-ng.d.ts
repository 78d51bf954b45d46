declare module "espeak-ng" {
  interface ESpeakNgInstance {
    FS: { readFile(path: string): Uint8Array };
  }
  export default function ESpeakNg(options: { arguments: string[] }): Promise<ESpeakNgInstance>;
}
