// Links and constants of the shell that are not instance settings.
export const ReleaseNotesUrl = 'https://github.com/atrium-platform/atrium/releases';
