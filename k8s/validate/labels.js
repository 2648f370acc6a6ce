'use strict';
// Label selectors as Kubernetes evaluates matchLabels: every key=value must be on the object.

/** The [key, value] pairs of matchLabels that the labels lack. */
const unmatchedLabels = (matchLabels, labels) =>
  Object.entries(matchLabels ?? {}).filter(([k, v]) => labels[k] !== v);

/** Whether matchLabels selects an object with these labels (an empty selector selects everything). */
const selectsLabels = (matchLabels, labels) => unmatchedLabels(matchLabels, labels).length === 0;

module.exports = { unmatchedLabels, selectsLabels };
