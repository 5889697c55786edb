/**
 * The seam between where skills live and the registry:
 * {@link dev.skills.core.folder.SkillFolder}.
 */
@NullMarked
package dev.skills.core.folder;

import org.jspecify.annotations.NullMarked;
