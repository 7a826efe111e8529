import zeroBsd from 'spdx-license-list/licenses/0BSD.json';
import agpl3 from 'spdx-license-list/licenses/AGPL-3.0.json';
import apache2 from 'spdx-license-list/licenses/Apache-2.0.json';
import bsd2 from 'spdx-license-list/licenses/BSD-2-Clause.json';
import bsd3 from 'spdx-license-list/licenses/BSD-3-Clause.json';
import bsd3Clear from 'spdx-license-list/licenses/BSD-3-Clause-Clear.json';
import bsl1 from 'spdx-license-list/licenses/BSL-1.0.json';
import ccBy4 from 'spdx-license-list/licenses/CC-BY-4.0.json';
import ccBySa4 from 'spdx-license-list/licenses/CC-BY-SA-4.0.json';
import cc0 from 'spdx-license-list/licenses/CC0-1.0.json';
import epl1 from 'spdx-license-list/licenses/EPL-1.0.json';
import epl2 from 'spdx-license-list/licenses/EPL-2.0.json';
import eupl12 from 'spdx-license-list/licenses/EUPL-1.2.json';
import gpl2 from 'spdx-license-list/licenses/GPL-2.0.json';
import gpl3 from 'spdx-license-list/licenses/GPL-3.0.json';
import isc from 'spdx-license-list/licenses/ISC.json';
import lgpl21 from 'spdx-license-list/licenses/LGPL-2.1.json';
import lgpl3 from 'spdx-license-list/licenses/LGPL-3.0.json';
import mit from 'spdx-license-list/licenses/MIT.json';
import mit0 from 'spdx-license-list/licenses/MIT-0.json';
import mpl2 from 'spdx-license-list/licenses/MPL-2.0.json';
import mulanPsl2 from 'spdx-license-list/licenses/MulanPSL-2.0.json';
import ofl11 from 'spdx-license-list/licenses/OFL-1.1.json';
import osl3 from 'spdx-license-list/licenses/OSL-3.0.json';
import upl1 from 'spdx-license-list/licenses/UPL-1.0.json';
import unlicense from 'spdx-license-list/licenses/Unlicense.json';
import wtfpl from 'spdx-license-list/licenses/WTFPL.json';
import zlib from 'spdx-license-list/licenses/Zlib.json';

/** One licence of the SPDX list as the spdx-license-list package ships it. */
interface SpdxLicense {
  readonly name: string;
  readonly url: string;
  readonly licenseText: string;
}

/**
 * The licences Gitea offers (since 1.24 "only popular licenses": its options/license folder), by SPDX id,
 * their texts from the SPDX list (the spdx-license-list package). Gitea lists its preferred licences
 * (`PREFERRED_LICENSES`, Apache-2.0 and MIT by default) first, then the others by name in byte order.
 */
const licenses: ReadonlyMap<string, SpdxLicense> = new Map([
  ['Apache-2.0', apache2],
  ['MIT', mit],
  ['0BSD', zeroBsd],
  ['AGPL-3.0', agpl3],
  ['BSD-2-Clause', bsd2],
  ['BSD-3-Clause', bsd3],
  ['BSD-3-Clause-Clear', bsd3Clear],
  ['BSL-1.0', bsl1],
  ['CC-BY-4.0', ccBy4],
  ['CC-BY-SA-4.0', ccBySa4],
  ['CC0-1.0', cc0],
  ['EPL-1.0', epl1],
  ['EPL-2.0', epl2],
  ['EUPL-1.2', eupl12],
  ['GPL-2.0', gpl2],
  ['GPL-3.0', gpl3],
  ['ISC', isc],
  ['LGPL-2.1', lgpl21],
  ['LGPL-3.0', lgpl3],
  ['MIT-0', mit0],
  ['MPL-2.0', mpl2],
  ['MulanPSL-2.0', mulanPsl2],
  ['OFL-1.1', ofl11],
  ['OSL-3.0', osl3],
  ['UPL-1.0', upl1],
  ['Unlicense', unlicense],
  ['WTFPL', wtfpl],
  ['Zlib', zlib],
]);

export const licenseTemplateNames: readonly string[] = [...licenses.keys()];

/** The licence's text with its placeholders as SPDX writes them, or undefined for a licence not offered. */
export function licenseTemplate(name: string): string | undefined {
  return licenses.get(name)?.licenseText;
}
