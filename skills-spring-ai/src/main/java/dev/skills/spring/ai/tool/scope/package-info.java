/**
 * Tool scoping: which other tools a call may use while skills are active, by their
 * {@code allowed-tools} and {@code disallowed-tools}; for the advisor's requests
 * ({@link dev.skills.spring.ai.tool.scope.ToolScoping}) and for a pool of tools in code
 * ({@link dev.skills.spring.ai.tool.scope.ToolScope},
 * {@link dev.skills.spring.ai.tool.scope.UseTools}).
 */
@NullMarked
package dev.skills.spring.ai.tool.scope;

import org.jspecify.annotations.NullMarked;
