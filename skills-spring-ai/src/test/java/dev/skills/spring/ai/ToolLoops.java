package dev.skills.spring.ai;

import dev.skills.spring.ai.tool.scope.SkillsToolCallingManager;

import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.model.tool.ToolCallingManager;

/**
 * The tool loop an application without Spring Boot gives its {@code ChatClient} so that a
 * call to a tool the skills left out is refused, not failed.
 */
public final class ToolLoops {

	private ToolLoops() {
	}

	/**
	 * A tool-calling advisor around Spring AI's default manager, wrapped.
	 */
	public static ToolCallingAdvisor refusing() {
		return ToolCallingAdvisor.builder()
			.toolCallingManager(new SkillsToolCallingManager(ToolCallingManager.builder().build()))
			.build();
	}

}
