// The import formats that are not CSV (issue #20), most specific first: detection (../detect)
// takes the first that recognises a file, and these layouts are unmistakable where CSV headers are not.
import type { ImportFormat } from '../model';
import { bitwardenJsonFormat } from './bitwardenJson';
import { keepassKdbxFormat } from './keepassKdbx';
import { keepassXmlFormat } from './keepassXml';
import { onePassword1puxFormat } from './onePassword1pux';

export const STRUCTURED_FORMATS: readonly ImportFormat[] = [keepassKdbxFormat, onePassword1puxFormat, keepassXmlFormat, bitwardenJsonFormat];
