/** The question list filtered to one bank (any bank when ''). */
export const questionsPath = (repoId: string) => (repoId ? `/repo/qu?filter=${encodeURIComponent(JSON.stringify({ repoId }))}` : '/repo/qu');

/** The import wizard, for a bank when known. */
export const importPath = (repoId: string) => (repoId ? `/repo/qu/import?repoId=${encodeURIComponent(repoId)}` : '/repo/qu/import');
