/**
 * The launcher's former address, kept so that `import … from 'site/scripts/site'` (mutants,
 * implementation matrix, site checks) goes on working. The code lives in ./launcher/.
 */
export * from '../../launcher';
