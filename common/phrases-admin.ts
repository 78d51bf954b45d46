/** What the admin Phrases tab reads, level by level, down to audio groups (server/admin/phrases-admin.server.ts). */

export interface AdminPhrase {
  id: string;
  originalText: string;
  translatedText: string;
}
export interface AdminAudioGroup {
  audioUrl: string;
  phrases: AdminPhrase[];
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
