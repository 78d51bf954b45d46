/** What the admin Phrases tab reads, level by level, down to audio groups (server/admin/phrases-admin.server.ts). */

export interface AdminPhrase {
  id: string;
  originalText: string;
  translatedText: string;
}

/** A phrase as the edit dialog opens it: with its cue and reading aid. */
export interface AdminGroupPhrase extends AdminPhrase {
  cueStartMs: number | null;
  cueEndMs: number | null;
  reading: string | null;
  readingEdited: boolean;
}
export interface AdminAudioGroup {
  audioUrl: string;
  phrases: AdminGroupPhrase[];
}
export interface AdminPhraseLanguage {
  id: string;
  name: string;
  levelCount: number;
}
export interface AdminPhraseLevel {
  id: string;
  title: string;
  cefrLabel: string;
}
export interface AdminPhraseLesson {
  id: string;
  title: string;
  groupCount: number;
}
