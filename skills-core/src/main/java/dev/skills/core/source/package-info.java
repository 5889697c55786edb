/**
 * The seam between where skills live and the registry:
 * {@link dev.skills.core.source.SkillSource}.
 */
@NullMarked
package dev.skills.core.source;

import org.jspecify.annotations.NullMarked;
