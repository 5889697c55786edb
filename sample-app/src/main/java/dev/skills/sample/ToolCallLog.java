package dev.skills.sample;

import dev.skills.spring.ai.tool.SkillInvocation;
import dev.skills.spring.ai.tool.SkillInvocationListener;

import org.springframework.stereotype.Component;

/**
 * Prints every skill tool call: the starter hands every {@link SkillInvocationListener}
 * bean to the skill tools.
 */
@Component
class ToolCallLog implements SkillInvocationListener {

	@Override
	public String after(SkillInvocation invocation, String result, Outcome outcome) {
		String target = invocation.skillName() + ((invocation.path() != null) ? "/" + invocation.path() : "");
		System.out.println("  tool> " + invocation.toolName() + "(" + target + ") -> " + outcome.name().toLowerCase());
		return result;
	}

}
