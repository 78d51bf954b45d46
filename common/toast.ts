/** A message for a sonner toast decided on the server: after a redirect (flash cookie) or in an action's answer. */
export interface ToastMessage {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}

/** The texts of SPEC §2 and §8 that the accounts pages show, word for word. */
export const authText = {
  welcomeBack: { type: "success", title: "Welcome back!", description: "You've successfully signed in." },
  signedOut: { type: "success", title: "Signed out" },
  signUpSuccessful: { type: "success", title: "Sign up successful", description: "Please check your email to confirm your account." },
  ownerPromoted: { type: "success", title: "Admin privileges granted automatically" },
  adminLoginRequired: { type: "error", title: "You must be logged in to access the admin area" },
  adminDenied: { type: "error", title: "Access denied. You need administrator privileges to access this area." },
  adminCheckFailed: { type: "error", title: "Failed to verify admin status" },
  profileUpdated: { type: "success", title: "Profile updated", description: "Your profile has been updated successfully." },
  favoriteRemoved: { type: "success", title: "Favorite removed" },
} as const satisfies Record<string, ToastMessage>;

/** The lesson page's writes (SPEC §2), whichever way they reach the server. */
export const lessonText = {
  completed: { type: "success", title: "Lesson completed" },
  notCompleted: { type: "info", title: "Lesson marked as not completed" },
  favoriteAdded: { type: "success", title: "Added to favorites" },
  favoriteRemoved: authText.favoriteRemoved,
  /** A write the server refused for good (the lesson was locked, or the phrase deleted, since the page loaded). */
  refused: { type: "error", title: "Something went wrong", description: "Please try again in a moment." },
} as const satisfies Record<string, ToastMessage>;

export const errorTitles = {
  signIn: "Error signing in",
  signUp: "Error signing up",
  signOut: "Error signing out",
  profile: "Error updating profile",
  removeFavorite: "Error removing favorite",
} as const;
