package dev.skills.sample;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import reactor.core.publisher.Flux;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * A stand-in for an LLM, so that the sample runs offline: it reads the skill catalog in
 * the system message, activates the skill whose name and description share the most words
 * with the user's message, reads the first document the skill bundles (or, when the skill
 * bundles only scripts and {@code run_skill_script} is offered for it, runs the first
 * script with the user's message as its input), and answers from what it read. It follows
 * the same tool protocol a real model does, so everything between it and the user is the
 * real thing.
 */
public class OfflineChatModel implements ChatModel {

	private static final Pattern SKILL = Pattern
		.compile("<skill><name>([^<]+)</name><description>([^<]*)</description>");

	private static final Pattern CONTENT = Pattern
		.compile("<skill_content name=\"([^\"]+)\">\\n([\\s\\S]*?)\\n</skill_content>");

	private static final Pattern FILE = Pattern.compile("<file>([^<]+)</file>");

	private static final Pattern STDOUT = Pattern.compile("<stdout>\\n([\\s\\S]*?)</stdout>");

	private static final String SCRIPTS = "scripts/";

	private static final String RUN_SKILL_SCRIPT = "run_skill_script";

	private static final Pattern SENTENCE_END = Pattern.compile("[.!?](\\s|$)");

	private static final Set<String> STOP_WORDS = Set.of("a", "an", "the", "and", "or", "to", "of", "for", "in", "on",
			"with", "use", "when", "this", "that", "is", "are", "it", "me", "my", "please", "from", "user", "asked",
			"asks", "about", "works", "what", "how", "can", "you");

	private int calls;

	@Override
	public synchronized ChatResponse call(Prompt prompt) {
		List<Message> messages = prompt.getInstructions();
		Message last = messages.get(messages.size() - 1);
		AssistantMessage answer = (last instanceof ToolResponseMessage tool) ? afterTool(prompt, tool)
				: afterUser(prompt.getSystemMessage().getText(), last.getText());
		return new ChatResponse(List.of(new Generation(answer)));
	}

	@Override
	public Flux<ChatResponse> stream(Prompt prompt) {
		return Flux.defer(() -> Flux.just(call(prompt)));
	}

	@Override
	public ChatOptions getDefaultOptions() {
		return ToolCallingChatOptions.builder().model("offline").build();
	}

	@Override
	public ChatOptions getOptions() {
		return getDefaultOptions();
	}

	private AssistantMessage afterUser(String system, String question) {
		String best = null;
		int bestScore = 0;
		Matcher skill = SKILL.matcher(system);
		while (skill.find()) {
			int score = overlap(question, skill.group(1).replace('-', ' ') + " " + skill.group(2));
			if (score > bestScore) {
				best = skill.group(1);
				bestScore = score;
			}
		}
		if (best == null) {
			return text("No skill fits \"" + question + "\"; answering without one.");
		}
		return toolCall("activate_skill", json(Map.of("skill_name", best)));
	}

	private AssistantMessage afterTool(Prompt prompt, ToolResponseMessage message) {
		ToolResponseMessage.ToolResponse response = message.getResponses().get(0);
		String data = response.responseData();
		if (response.name().equals("activate_skill")) {
			Matcher content = CONTENT.matcher(data);
			if (!content.find()) {
				return text(
						"The skill is already active; following its instructions from earlier in our conversation.");
			}
			String skill = content.group(1);
			List<String> files = FILE.matcher(data).results().map((file) -> file.group(1)).toList();
			List<String> documents = files.stream().filter((file) -> !file.startsWith(SCRIPTS)).toList();
			if (!documents.isEmpty()) {
				return toolCall("read_skill_resource", json(Map.of("skill_name", skill, "path", documents.get(0))));
			}
			if (!files.isEmpty() && runsScriptsOf(prompt, skill)) {
				return toolCall(RUN_SKILL_SCRIPT,
						json(Map.of("skill_name", skill, "path", files.get(0), "stdin", lastUserText(prompt))));
			}
			return text("Following skill " + skill + ": " + firstSentence(content.group(2)));
		}
		if (response.name().equals(RUN_SKILL_SCRIPT)) {
			Matcher stdout = STDOUT.matcher(data);
			return text(stdout.find() ? "From the skill's script:\n" + stdout.group(1).strip()
					: "The script did not run. " + data);
		}
		return text("Read it. " + firstSentence(data));
	}

	// Whether the request offers run_skill_script with the skill in its enum, as a model
	// reads it from the tool's definition.
	private static boolean runsScriptsOf(Prompt prompt, String skill) {
		if (!(prompt.getOptions() instanceof ToolCallingChatOptions options)) {
			return false;
		}
		return options.getToolCallbacks()
			.stream()
			.map(ToolCallback::getToolDefinition)
			.anyMatch(
					(tool) -> tool.name().equals(RUN_SKILL_SCRIPT) && tool.inputSchema().contains("\"" + skill + "\""));
	}

	private static String lastUserText(Prompt prompt) {
		List<Message> messages = prompt.getInstructions();
		for (int i = messages.size() - 1; i >= 0; i--) {
			if (messages.get(i) instanceof UserMessage user) {
				return user.getText();
			}
		}
		return "";
	}

	private static String json(Map<String, String> arguments) {
		return JsonMapper.shared().writeValueAsString(new TreeMap<>(arguments));
	}

	private static int overlap(String question, String text) {
		Set<String> words = words(text);
		int score = 0;
		for (String word : words(question)) {
			score += words.contains(word) ? 1 : 0;
		}
		return score;
	}

	private static Set<String> words(String text) {
		Set<String> words = new java.util.HashSet<>();
		for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
			if (word.length() > 2 && !STOP_WORDS.contains(word)) {
				words.add(word.endsWith("s") ? word.substring(0, word.length() - 1) : word);
			}
		}
		return words;
	}

	/**
	 * The first sentence of the first paragraph that is not a heading, so that an answer
	 * never stops in the middle of a sentence a Markdown file wrapped over several lines.
	 * @param text the Markdown text
	 * @return the sentence
	 */
	static String firstSentence(String text) {
		StringBuilder paragraph = new StringBuilder();
		for (String line : text.strip().split("\n")) {
			if (line.isBlank() || line.startsWith("#")) {
				if (paragraph.length() > 0) {
					break;
				}
				continue;
			}
			paragraph.append((paragraph.length() > 0) ? " " : "").append(line.strip());
		}
		Matcher end = SENTENCE_END.matcher(paragraph);
		String sentence = end.find() ? paragraph.substring(0, end.start() + 1) : paragraph.toString();
		return (sentence.isEmpty() || ".!?".indexOf(sentence.charAt(sentence.length() - 1)) >= 0) ? sentence
				: sentence + ".";
	}

	private static AssistantMessage text(String text) {
		return AssistantMessage.builder().content(text).build();
	}

	private AssistantMessage toolCall(String name, String arguments) {
		return AssistantMessage.builder()
			.content("")
			.toolCalls(List.of(new AssistantMessage.ToolCall("offline-" + (++this.calls), "function", name, arguments)))
			.build();
	}

}
