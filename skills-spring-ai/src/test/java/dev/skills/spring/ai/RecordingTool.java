package dev.skills.spring.ai;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A real tool that records the inputs it ran with and answers {@code NAME ran}.
 */
public final class RecordingTool implements ToolCallback {

	private final ToolDefinition definition;

	public final List<String> inputs = new CopyOnWriteArrayList<>();

	public RecordingTool(String name) {
		this.definition = ToolDefinition.builder()
			.name(name)
			.description("The " + name + " tool.")
			.inputSchema("{\"type\":\"object\",\"properties\":{}}")
			.build();
	}

	@Override
	public ToolDefinition getToolDefinition() {
		return this.definition;
	}

	@Override
	public String call(String toolInput) {
		this.inputs.add(toolInput);
		return this.definition.name() + " ran";
	}

}
