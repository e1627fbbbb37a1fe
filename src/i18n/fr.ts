import type { Catalogue } from './en.js';

/** Le texte français intégré. */
export const fr: Catalogue = {
  'editor.label': "Éditeur d'annonces audio",
  'editor.configError': "L'éditeur n'a pas pu démarrer, car sa configuration est incorrecte :",
  'toolbar.label': "Barre d'outils de l'éditeur",
  'toolbar.title': 'Titre du projet',
  'panels.label': 'Étapes',
  'panel.recommend': 'Recommandation',
  'panel.script': 'Texte',
  'panel.voice': 'Voix',
  'panel.music': 'Musique',
  'panel.mix': 'Mixage',
  'panel.master': 'Mastering',
  'panel.export': 'Export',
  'status.ready': 'Prêt',
};
