package dev.skills.boot.mcp.autoconfigure;

import java.util.function.UnaryOperator;

import dev.skills.boot.diagnostics.SkillsPropertyFailures;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.set.SkillSets;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;

/**
 * The skill set both MCP endpoints serve ({@code skills.mcp.set}): one rule for the
 * application's MCP server and the Skills Extension endpoint, so that they never serve
 * different skills.
 */
final class ServedSet {

	private ServedSet() {
	}

	/**
	 * The view of each snapshot that the endpoints serve.
	 * @param properties the MCP properties
	 * @param sets the application's skill sets, if any
	 * @return the set's view, or {@code null} when every skill is served
	 * @throws org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException
	 * when no set has that name
	 */
	static @Nullable UnaryOperator<SkillsSnapshot> view(SkillsMcpProperties properties,
			ObjectProvider<SkillSets> sets) {
		String set = properties.getSet();
		if (set == null) {
			return null;
		}
		SkillSets served = sets.getIfAvailable(() -> SkillSets.NONE);
		SkillsPropertyFailures.check(SkillsMcpProperties.PREFIX + ".set", () -> served.require("set", set));
		return (snapshot) -> served.view(snapshot, set);
	}

}
