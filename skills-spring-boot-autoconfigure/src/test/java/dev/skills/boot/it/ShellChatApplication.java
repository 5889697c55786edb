package dev.skills.boot.it;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * A chat endpoint, {@code POST /chat/{conversationId}}, without chat memory, whose
 * {@code ChatClient} offers a file reader and a shell: the application a skill that
 * forbids the shell is tried on.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({ ShellChatApplication.ChatController.class, ShellChatApplication.ShellTools.class })
public class ShellChatApplication {

	@RestController
	static class ChatController {

		private final ChatClient chatClient;

		ChatController(ChatClient.Builder builder, ShellTools tools) {
			this.chatClient = builder.defaultTools(tools).build();
		}

		@PostMapping("/chat/{conversationId}")
		String chat(@PathVariable String conversationId, @RequestBody String message) {
			return this.chatClient.prompt()
				.user(message)
				.advisors((advisors) -> advisors.param(ChatMemory.CONVERSATION_ID, conversationId))
				.call()
				.content();
		}

	}

	/**
	 * The tools: {@code read_file} and {@code run_command}, which records its commands.
	 */
	public static class ShellTools {

		/** The commands run. */
		public final List<String> commands = new CopyOnWriteArrayList<>();

		@Tool(description = "Read a file")
		String read_file(String path) {
			return "contents of " + path;
		}

		@Tool(description = "Run a shell command")
		String run_command(String command) {
			this.commands.add(command);
			return "ran";
		}

	}

}
