// An async boundary before any shared module is used, so module federation can set up sharing first.
import('./bootstrap');
