/** SPEC §9: the asset picker modal is 65% wide on screens wider than 950 px, otherwise 95%. */
export const PICKER_WIDE_SCREEN = 950;

export const pickerModalWidth = (windowWidth: number): string => (windowWidth > PICKER_WIDE_SCREEN ? '65%' : '95%');

/** The picker's pages are 20 images (SPEC §9), newest first. */
export const PICKER_PAGE_SIZE = 20;
