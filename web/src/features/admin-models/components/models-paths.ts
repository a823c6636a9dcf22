// Where the models page lives (the admin shell's sidebar links here).
export const ModelsPath = '/admin/models';
