// Limits of a saved prompt, shared by the server's validation and the browser's form.
export const UserPromptTitleMax = 200;
export const UserPromptTextMax = 20000;
